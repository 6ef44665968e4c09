/** An error that becomes an HTTP answer (error page or redirect with field errors). */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message?: string,
  ) {
    super(message ?? String(status));
  }
}

/** Field → French message; thrown by validation and by services refusing an input. */
export class ValidationError extends Error {
  constructor(public readonly errors: Record<string, string>) {
    super(Object.values(errors)[0] ?? 'Données invalides');
  }
}

export const ERROR_PAGES: Record<number, { title: string; message: string }> = {
  400: { title: 'Requête invalide', message: "La requête envoyée n'a pas pu être comprise par le serveur." },
  403: { title: 'Accès refusé', message: "Vous n'avez pas la permission d'accéder à cette page ou d'effectuer cette action." },
  404: { title: 'Page introuvable', message: "La page demandée n'existe pas ou a été déplacée." },
  405: { title: 'Méthode non autorisée', message: "Cette action n'est pas possible sur cette adresse." },
  413: { title: 'Requête trop volumineuse', message: 'Les données envoyées dépassent la taille autorisée.' },
  419: { title: 'Page expirée', message: 'Votre session a expiré. Veuillez actualiser la page et réessayer.' },
  429: { title: 'Trop de requêtes', message: 'Trop de tentatives. Veuillez patienter avant de réessayer.' },
  500: { title: 'Erreur du serveur', message: 'Une erreur inattendue est survenue. Elle a été enregistrée ; veuillez réessayer.' },
  503: { title: 'Service indisponible', message: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.' },
};
