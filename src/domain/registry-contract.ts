// The company registry's contract (01 §3): "v2 suggestions" (GET {REGISTRY_URL}?q=...&cibles=siret),
// with optional fields of ours that only the government registry fills (issue 15): the INSEE
// headcount band and where each declared agreement was read.
// Apart from ./contracts.ts (which re-exports it) because step 1 of the onboarding, the visitor's
// first screen, needs this contract alone: importing ./contracts.ts there would build every other
// contract's schemas before the screen becomes interactive. In zod/mini (same parsing as zod, far
// cheaper to build): the first screen does not load zod's full API at all.
import { z } from 'zod/mini';

const optionalText = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((v: string | number | null | undefined) =>
    v === null || v === undefined ? undefined : String(v),
  ),
);

export const registryConventionSchema = z.looseObject({
  idcc: z.nullish(z.union([z.string(), z.number()])),
  nom: z.nullish(z.string()),
  /** true: declared by the company (Pappers' "confirmée"; the government registry's lists) */
  confirmee: z.optional(z.catch(z.nullish(z.boolean()), null)),
  /** (our extension) where the declaration was read: the establishment or the whole company */
  niveau: z.optional(z.catch(z.nullish(z.enum(['etablissement', 'entreprise'])), null)),
});

export const registrySiegeSchema = z.looseObject({
  siret: optionalText,
  adresse_ligne_1: optionalText,
  adresse_ligne_2: optionalText,
  code_postal: optionalText,
  ville: optionalText,
});

export const registryItemSchema = z.looseObject({
  siren: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  siege: z.nullish(registrySiegeSchema),
  nom_entreprise: z.nullish(z.string()),
  denomination: z.nullish(z.string()),
  forme_juridique: z.nullish(z.string()),
  code_naf: z.nullish(z.string()),
  conventions_collectives: z.nullish(z.array(registryConventionSchema)),
  /** (our extension, government registry) INSEE headcount band of the legal unit and its year */
  tranche_effectif_salarie: z.optional(z.catch(optionalText, undefined)),
  annee_tranche_effectif_salarie: z.optional(z.catch(optionalText, undefined)),
  /** (our extension, government registry) the company opposed publication (statut_diffusion P) */
  non_diffusible: z.optional(z.catch(z.nullish(z.boolean()), null)),
});
export type RegistryItem = z.infer<typeof registryItemSchema>;

export const registryResponseSchema = z.looseObject({
  resultats_nom_entreprise: z._default(z.optional(z.array(registryItemSchema)), []),
  resultats_siret: z._default(z.optional(z.array(registryItemSchema)), []),
});
export type RegistryResponse = z.infer<typeof registryResponseSchema>;
