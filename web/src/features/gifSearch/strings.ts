// What the GIF search panel says, word for word from spec 000 (§2.6, §8).

export const FIND_A_GIF = 'Find a GIF';
export const VIEW_RESULTS_ANYWAY = 'View results anyway';

/**
 * A search that finds nothing shows one of these at random (§8). The spec gives the first
 * four; the other five are ours, in the same voice.
 */
export const NOTHING_FOUND_LINES: readonly string[] = [
  'Nothing turned up. Bummer.',
  'Sadly, nothing.',
  'Tragically, nothing.',
  'Maybe try a similar search but use different words? Dunno.',
  'Zero GIFs. Zilch. Nada.',
  'We looked everywhere. Nope.',
  'Not one GIF. Weird, right?',
  'The internet came up empty. It happens.',
  'Huh. Nothing. Try another word?',
];
