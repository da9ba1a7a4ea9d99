// The theme's fields of the Edit appearance form, in fieldsets: colours, the title's font,
// what the header shows (with its image), and the avatar's shape.
import type { ReactNode } from 'react';
import { FONTS } from '../../../api/fonts';
import type { Theme } from '../../../api/models';
import { fontFamilyOf } from '../../../lib/fontFamily';
import {
  themeFieldKey,
  type AppearanceDraft,
  type ColourField as ColourName,
  type FieldKey,
  type HeaderImageChange,
} from '../appearanceDraft';
import { ColourField } from './ColourField';
import { errorProps, FieldError } from './FieldError';
import { HeaderImageField } from './HeaderImageField';

const COLOURS: { field: ColourName; label: string }[] = [
  { field: 'backgroundColor', label: 'Background colour' },
  { field: 'titleColor', label: 'Title colour' },
  { field: 'linkColor', label: 'Link colour' },
];

type Switch = 'showAvatar' | 'showTitle' | 'showDescription' | 'showHeaderImage' | 'headerStretch';

export function ThemeFields({
  draft,
  errors,
  onTheme,
  onHeaderImage,
  onHeaderPreview,
}: {
  draft: AppearanceDraft;
  errors: Record<FieldKey, string>;
  onTheme(change: Partial<Theme>): void;
  onHeaderImage(change: HeaderImageChange): void;
  onHeaderPreview(url: string | null): void;
}) {
  const { theme } = draft;
  const error = (field: keyof Theme) => errors[themeFieldKey(field)];
  const toggle = (field: Switch, label: string) => (
    <SwitchField label={label} checked={theme[field]} error={error(field)} onChange={(on) => onTheme({ [field]: on })} />
  );

  return (
    <>
      <fieldset className="appearance-fieldset">
        <legend>Colours</legend>
        {COLOURS.map(({ field, label }) => (
          <ColourField
            key={field}
            id={`appearance-${field}`}
            label={label}
            value={theme[field]}
            error={error(field)}
            onChange={(value) => onTheme({ [field]: value })}
          />
        ))}
      </fieldset>

      <fieldset className="appearance-fieldset">
        <legend>Title font</legend>
        <div className="field">
          <label className="field__label" htmlFor="appearance-title-font">
            Font
          </label>
          <select
            id="appearance-title-font"
            className="field__input"
            value={theme.titleFont}
            style={{ fontFamily: fontFamilyOf(theme.titleFont) }}
            onChange={(e) => onTheme({ titleFont: e.target.value })}
            {...errorProps('appearance-title-font', error('titleFont'))}
          >
            {FONTS.map((font) => (
              <option key={font.name} value={font.name} style={{ fontFamily: font.family }}>
                {font.name}
              </option>
            ))}
          </select>
          <FieldError id="appearance-title-font" error={error('titleFont')} />
        </div>
        <Choice
          legend="Weight"
          name="title-font-weight"
          value={theme.titleFontWeight}
          options={[
            ['bold', 'Bold'],
            ['regular', 'Regular'],
          ]}
          error={error('titleFontWeight')}
          onChange={(value) => onTheme({ titleFontWeight: value })}
        />
      </fieldset>

      <fieldset className="appearance-fieldset">
        <legend>Header</legend>
        {toggle('showAvatar', 'Show avatar')}
        {toggle('showTitle', 'Show title')}
        {toggle('showDescription', 'Show description')}
        {toggle('showHeaderImage', 'Show header image')}
        <HeaderImageField
          original={theme.headerImage}
          focused={theme.headerImageFocused}
          error={error('headerImage') ?? error('headerImageFocused') ?? errors['global_theme_params.header_image_dimens']}
          onChange={onHeaderImage}
          onPreview={onHeaderPreview}
        />
        {toggle('headerStretch', 'Stretch header image')}
      </fieldset>

      <Choice
        legend="Avatar shape"
        name="avatar-shape"
        value={theme.avatarShape}
        options={[
          ['square', 'Square'],
          ['circle', 'Circle'],
        ]}
        error={error('avatarShape')}
        onChange={(value) => onTheme({ avatarShape: value })}
      />
    </>
  );
}

function SwitchField({
  label,
  checked,
  error,
  onChange,
}: {
  label: string;
  checked: boolean;
  error?: string;
  onChange(on: boolean): void;
}) {
  const id = `appearance-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="appearance-switch">
      <label>
        <input
          id={id}
          type="checkbox"
          // A checkbox's own checked state is the switch's (ARIA in HTML forbids aria-checked on it).
          // oxlint-disable-next-line jsx-a11y/role-has-required-aria-props
          role="switch"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          {...errorProps(id, error)}
        />{' '}
        {label}
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A few choices as radio buttons in their own fieldset. */
function Choice({
  legend,
  name,
  value,
  options,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  options: [string, ReactNode][];
  error?: string;
  onChange(value: string): void;
}) {
  const id = `appearance-${name}`;
  return (
    <fieldset className="appearance-fieldset appearance-choice" {...errorProps(id, error)}>
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />{' '}
          {label}
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
