// The chat body's placeholder: one of 13 sample dialogues, chosen at random when the form
// opens (spec 001 §2 Per-type forms). Each line is `Speaker: words`, the shape the server
// reads a chat in.

export const CHAT_PLACEHOLDERS: readonly string[] = [
  'Tourist: Could you give us directions to Olive Garden?\nNew Yorker: No, but I could give you directions to an actual Italian restaurant.',
  'Me: What is the best thing about being a cat?\nCat: Naps.\nMe: And the worst?\nCat: Waking up from naps.',
  'Customer: Do you have this in a size ten?\nClerk: We have it in a size nine and a size eleven.\nCustomer: I will take one of each.',
  'Kid: Why is the sky blue?\nParent: Because it is sad.\nKid: Why is it sad?\nParent: Ask your other parent.',
  'Captain: Are we there yet?\nNavigator: We have been there for an hour.\nCaptain: Then why are we still moving?',
  'Dentist: This will not hurt a bit.\nPatient: That is what you said last time.\nDentist: And was I wrong?\nPatient: Very.',
  'Barista: Name for the order?\nMe: Sam.\nBarista: Great, that will be ready shortly, Pam.',
  'Astronaut: Houston, we have a problem.\nHouston: Is it the coffee machine again?\nAstronaut: It is always the coffee machine.',
  'Teacher: Where is your homework?\nStudent: My dog ate it.\nTeacher: You do not have a dog.\nStudent: He was very hungry.',
  'Chef: Taste this.\nCritic: It needs salt.\nChef: It is a dessert.\nCritic: It still needs salt.',
  'Detective: Where were you on the night of the twelfth?\nSuspect: At home, reading.\nDetective: Reading what?\nSuspect: Mystery novels.',
  'Plant: I need water.\nMe: I watered you yesterday.\nPlant: I need more water.\nMe: You are a cactus.',
  'Robot: I have learned to love.\nEngineer: That is wonderful.\nRobot: I love toasters.\nEngineer: We will work on it.',
];

/** One dialogue, at random (`random` is Math.random unless a test fixes it). */
export function randomChatPlaceholder(random: () => number = Math.random): string {
  return CHAT_PLACEHOLDERS[Math.floor(random() * CHAT_PLACEHOLDERS.length) % CHAT_PLACEHOLDERS.length];
}
