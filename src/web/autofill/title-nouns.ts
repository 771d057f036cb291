// The nouns a job title ends with (docs/autofill.md), in English and Spanish: what the latest job
// title is read by, what a name line is not, and what tells a bold role from a heading.

const ENGLISH_TITLE_NOUNS = new Set(
  (
    'engineer developer programmer manager analyst designer director consultant specialist ' +
    'nurse teacher coordinator officer administrator representative technician scientist ' +
    'accountant architect supervisor assistant associate clerk cashier barista driver ' +
    'electrician mechanic carpenter plumber welder operator advisor adviser agent ' +
    'auditor bookkeeper chef cook editor writer instructor lecturer professor therapist ' +
    'pharmacist physician paralegal attorney lawyer receptionist recruiter secretary ' +
    'strategist planner producer marketer salesperson president vp owner founder ' +
    'intern lead leader head controller buyer estimator inspector dispatcher server ' +
    'bartender hostess housekeeper janitor custodian machinist assembler tester ' +
    'administrator underwriter investigator counselor trainer tutor researcher ' +
    'hygienist paramedic firefighter guard superintendent foreman principal worker ' +
    'ceo cto cfo coo cio cmo cpo cso ciso svp evp avp cofounder partner fellow coach ' +
    'sre swe sde dba ' +
    'artist photographer chemist biologist economist statistician ' +
    // More trades and professions; none a common surname (contact.ts reads a name by them).
    'advocate surveyor librarian translator interpreter dentist veterinarian technologist ' +
    'caregiver aide attendant teller broker realtor curator archivist journalist reporter ' +
    'copywriter animator illustrator musician stylist cosmetologist landscaper laborer ' +
    'hairstylist hairdresser esthetician manicurist groomer babysitter florist seamstress busser ' +
    'courier concierge waiter waitress dishwasher installer fabricator drafter draftsman ' +
    'scheduler merchandiser generalist deputy detective midwife optometrist optician ' +
    'radiographer sonographer phlebotomist dietitian nutritionist psychologist psychiatrist ' +
    'surgeon physiotherapist chiropractor nanny educator registrar mentor apprentice trainee ' +
    'member postdoc mathematician physicist geologist ecologist epidemiologist scholar ambassador ' +
    'evangelist moderator steward co-op videographer stagehand farmhand arborist ' +
    'paraprofessional sourcer contractor freelancer entrepreneur sociologist historian ' +
    'deckhand sailor soldier notary ' +
    // Care, trades, warehouse, finance and IT roles a title ends with as often.
    'practitioner clinician medic emt cna lpn scribe transcriptionist biller caseworker ' +
    'pilot sergeant lieutenant actuary appraiser adjuster processor originator navigator ' +
    'facilitator liaison treasurer examiner rancher groundskeeper roofer ' +
    'plasterer bricklayer pipefitter millwright boilermaker ironworker longshoreman ' +
    'greeter loader packager sorter webmaster sysadmin dba maintainer ' +
    'executive lifeguard cleaner stocker picker handler chaplain collaborator ' +
    // Nouns cut short, as titles write them: `Sales Rep`, `Project Mgr`.
    'rep mgr engr'
  ).split(' '),
);

/** Spanish (docs/languages.md), both genders: the noun opens the title (`Desarrollador Backend`). */
export const SPANISH_TITLE_NOUNS = new Set(
  (
    'redactor redactora fotógrafo fotógrafa niñera niñero guardia monitor monitora ' +
    'enfermera enfermero gerente ingeniero ingeniera desarrollador desarrolladora analista ' +
    'diseñador diseñadora directora consultor consultora especialista maestra maestro ' +
    'profesora coordinador coordinadora técnico técnica contador contadora asistente ' +
    'supervisora auxiliar cajero cajera conductor conductora electricista mecánico mecánica ' +
    'cocinero cocinera vendedor vendedora representante administrador administradora jefe ' +
    'jefa asesor asesora recepcionista secretaria secretario abogado abogada médico médica ' +
    'programador programadora operadora profesor practicante becario becaria pasante ' +
    'dependiente dependienta camarero camarera mesero mesera repartidor repartidora chofer ' +
    'albañil soldador almacenista investigador investigadora docente arquitecto ' +
    'arquitecta psicólogo psicóloga encargado encargada administrativo administrativa ' +
    'ejecutivo ejecutiva agente oficial operario operaria contable economista periodista ' +
    'traductor traductora'
  ).split(' '),
);

/**
 * Nouns cut short that are titles' nouns only with their full stop (`Sr. Software Eng.`; `Eng`
 * alone is a surname).
 */
export const DOTTED_TITLE_NOUNS: ReadonlySet<string> = new Set(
  'eng. dir. coord. admin. exec. spec. supv.'.split(' '),
);

export const TITLE_NOUNS: ReadonlySet<string> = new Set([
  ...ENGLISH_TITLE_NOUNS,
  ...SPANISH_TITLE_NOUNS,
]);
