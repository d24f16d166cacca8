/** Paramètres → Profil: the signed-in user's name, email, bio, image, and the password change. */
import { useState, type SubmitEvent } from 'react';
import { profileUpdateSchema } from '#schemas';
import { firstErrorByField } from '#schemas/field-errors.ts';
import { errorMessage, fieldErrors } from '../../lib/http.ts';
import { invalidate } from '../../lib/query.ts';
import { settingsMutations } from '../../lib/settings-api.ts';
import { setCurrentUser, type CurrentUser } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { TextAreaField, TextField } from '../../ui/forms.tsx';
import { buttonClass, Card, CardHeader, Spinner } from '../../ui/primitives.tsx';
import { PasswordCard } from './PasswordCard.tsx';

export function ProfileTab({ user }: { user: CurrentUser }) {
  const [draft, setDraft] = useState({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    bio: user.bio ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (field: keyof typeof draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileUpdateSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(
        firstErrorByField(
          parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        ),
      );
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const updated = await settingsMutations.updateProfile(draft);
      setCurrentUser(updated);
      invalidate(['users'], ['audit']);
      toast({
        title: 'Profil enregistré',
        description: 'Vos informations ont été mises à jour.',
      });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast({
        title: 'Erreur',
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card labelledBy="profile-title">
        <CardHeader id="profile-title" title="Profil" description="Votre nom et votre photo apparaissent dans le menu du compte." />
        <form onSubmit={save} noValidate className="grid gap-4 p-5 sm:grid-cols-2">
          <TextField
            label="Prénom"
            name="firstName"
            value={draft.firstName}
            onChange={set('firstName')}
            required
            error={errors.firstName}
            autoComplete="given-name"
          />
          <TextField
            label="Nom"
            name="lastName"
            value={draft.lastName}
            onChange={set('lastName')}
            required
            error={errors.lastName}
            autoComplete="family-name"
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            value={draft.email}
            onChange={set('email')}
            required
            error={errors.email}
            autoComplete="email"
            className="sm:col-span-2"
          />
          <TextAreaField label="Bio" name="bio" value={draft.bio} onChange={set('bio')} error={errors.bio} className="sm:col-span-2" rows={3} />
          <TextField
            label="Image de profil (URL)"
            name="profileImageUrl"
            type="url"
            inputMode="url"
            value={draft.profileImageUrl}
            onChange={set('profileImageUrl')}
            error={errors.profileImageUrl}
            hint="Adresse complète commençant par https://. Laissez vide pour afficher votre initiale."
            className="sm:col-span-2"
          />
          <div className="flex justify-end sm:col-span-2">
            <button type="submit" className={buttonClass('primary')} disabled={pending}>
              {pending ? <Spinner /> : null}
              {pending ? 'Enregistrement…' : 'Enregistrer le profil'}
            </button>
          </div>
        </form>
      </Card>
      <PasswordCard user={user} />
    </div>
  );
}
