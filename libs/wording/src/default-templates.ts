import type { NotificationMoment } from '@delivery/contracts';

/** A moment's wording in one language: the text (an SMS, an e-mail's body) and an e-mail's subject. */
export interface MomentWording {
  subject: string;
  text: string;
}

type Wordings = Record<NotificationMoment, MomentWording>;

const en: Wordings = {
  reservation_confirmed: {
    subject: 'Your {{ retailer }} delivery is booked',
    text: 'Hi {{ first_name }}, your {{ retailer }} delivery is booked for {{ window }}. Follow it: {{ tracking_link }}',
  },
  dispatched: {
    subject: 'Your {{ retailer }} order is on its way soon',
    text: 'Hi {{ first_name }}, your {{ retailer }} order is confirmed for delivery{% if window != "" %} {{ window }}{% endif %}. Follow it: {{ tracking_link }}',
  },
  on_the_way: {
    subject: '{{ driver | default: "Your driver" }} is on the way',
    text: '{{ driver | default: "Your driver" }} is on the way with your {{ retailer }} order{% if eta != "" %}, expected at {{ eta }}{% endif %}. {{ tracking_link }}',
  },
  arriving_soon: {
    subject: 'Your {{ retailer }} order arrives {{ eta_in_words }}',
    text: 'Your {{ retailer }} order arrives {{ eta_in_words }}. {{ tracking_link }}',
  },
  late: {
    subject: 'Your {{ retailer }} delivery is running late',
    text: 'Sorry, your {{ retailer }} delivery is running late{% if eta != "" %}; now expected at {{ eta }}{% endif %}. {{ tracking_link }}',
  },
  failed_attempt: {
    subject: 'We could not deliver your {{ retailer }} order',
    text: 'We could not deliver your {{ retailer }} order today. {% if next_step == "reattempt" %}We will try again {{ window }}.{% elsif next_step == "return" %}It is going back to the store.{% else %}{{ retailer }} will be in touch.{% endif %} {{ tracking_link }}',
  },
  delivered: {
    subject: 'Your {{ retailer }} order was delivered',
    text: 'Your {{ retailer }} order was delivered.{% if photo_link != "" %} Photo: {{ photo_link }}{% endif %} {{ tracking_link }}',
  },
};

const fr: Wordings = {
  reservation_confirmed: {
    subject: 'Votre livraison {{ retailer }} est réservée',
    text: 'Bonjour {{ first_name }}, votre livraison {{ retailer }} est prévue {{ window }}. Suivez-la : {{ tracking_link }}',
  },
  dispatched: {
    subject: 'Votre commande {{ retailer }} part bientôt',
    text: 'Bonjour {{ first_name }}, la livraison de votre commande {{ retailer }} est confirmée{% if window != "" %} {{ window }}{% endif %}. Suivez-la : {{ tracking_link }}',
  },
  on_the_way: {
    subject: '{{ driver | default: "Votre livreur" }} est en route',
    text: '{{ driver | default: "Votre livreur" }} est en route avec votre commande {{ retailer }}{% if eta != "" %}, arrivée prévue à {{ eta }}{% endif %}. {{ tracking_link }}',
  },
  arriving_soon: {
    subject: 'Votre commande {{ retailer }} arrive {{ eta_in_words }}',
    text: 'Votre commande {{ retailer }} arrive {{ eta_in_words }}. {{ tracking_link }}',
  },
  late: {
    subject: 'Votre livraison {{ retailer }} a du retard',
    text: 'Désolés, votre livraison {{ retailer }} a du retard{% if eta != "" %} ; arrivée prévue à {{ eta }}{% endif %}. {{ tracking_link }}',
  },
  failed_attempt: {
    subject: 'Nous n’avons pas pu livrer votre commande {{ retailer }}',
    text: 'Nous n’avons pas pu livrer votre commande {{ retailer }}. {% if next_step == "reattempt" %}Nouvelle tentative {{ window }}.{% elsif next_step == "return" %}Elle retourne au magasin.{% else %}{{ retailer }} vous contactera.{% endif %} {{ tracking_link }}',
  },
  delivered: {
    subject: 'Votre commande {{ retailer }} est livrée',
    text: 'Votre commande {{ retailer }} est livrée.{% if photo_link != "" %} Photo : {{ photo_link }}{% endif %} {{ tracking_link }}',
  },
};

const es: Wordings = {
  reservation_confirmed: {
    subject: 'Tu entrega de {{ retailer }} está reservada',
    text: 'Hola {{ first_name }}, tu entrega de {{ retailer }} está prevista {{ window }}. Síguela: {{ tracking_link }}',
  },
  dispatched: {
    subject: 'Tu pedido de {{ retailer }} sale pronto',
    text: 'Hola {{ first_name }}, la entrega de tu pedido de {{ retailer }} está confirmada{% if window != "" %} {{ window }}{% endif %}. Síguela: {{ tracking_link }}',
  },
  on_the_way: {
    subject: '{{ driver | default: "Tu repartidor" }} está en camino',
    text: '{{ driver | default: "Tu repartidor" }} está en camino con tu pedido de {{ retailer }}{% if eta != "" %}, llegada prevista a las {{ eta }}{% endif %}. {{ tracking_link }}',
  },
  arriving_soon: {
    subject: 'Tu pedido de {{ retailer }} llega {{ eta_in_words }}',
    text: 'Tu pedido de {{ retailer }} llega {{ eta_in_words }}. {{ tracking_link }}',
  },
  late: {
    subject: 'Tu entrega de {{ retailer }} va con retraso',
    text: 'Lo sentimos, tu entrega de {{ retailer }} va con retraso{% if eta != "" %}; llegada prevista a las {{ eta }}{% endif %}. {{ tracking_link }}',
  },
  failed_attempt: {
    subject: 'No pudimos entregar tu pedido de {{ retailer }}',
    text: 'No pudimos entregar tu pedido de {{ retailer }}. {% if next_step == "reattempt" %}Lo intentaremos de nuevo {{ window }}.{% elsif next_step == "return" %}Vuelve a la tienda.{% else %}{{ retailer }} se pondrá en contacto contigo.{% endif %} {{ tracking_link }}',
  },
  delivered: {
    subject: 'Tu pedido de {{ retailer }} ha sido entregado',
    text: 'Tu pedido de {{ retailer }} ha sido entregado.{% if photo_link != "" %} Foto: {{ photo_link }}{% endif %} {{ tracking_link }}',
  },
};

const de: Wordings = {
  reservation_confirmed: {
    subject: 'Ihre Lieferung von {{ retailer }} ist gebucht',
    text: 'Hallo {{ first_name }}, Ihre Lieferung von {{ retailer }} ist gebucht: {{ window }}. Verfolgen: {{ tracking_link }}',
  },
  dispatched: {
    subject: 'Ihre Bestellung von {{ retailer }} ist bald unterwegs',
    text: 'Hallo {{ first_name }}, die Lieferung Ihrer Bestellung von {{ retailer }} ist bestätigt{% if window != "" %}: {{ window }}{% endif %}. Verfolgen: {{ tracking_link }}',
  },
  on_the_way: {
    subject: '{{ driver | default: "Ihr Fahrer" }} ist unterwegs',
    text: '{{ driver | default: "Ihr Fahrer" }} ist mit Ihrer Bestellung von {{ retailer }} unterwegs{% if eta != "" %}, Ankunft gegen {{ eta }}{% endif %}. {{ tracking_link }}',
  },
  arriving_soon: {
    subject: 'Ihre Bestellung von {{ retailer }} kommt {{ eta_in_words }}',
    text: 'Ihre Bestellung von {{ retailer }} kommt {{ eta_in_words }}. {{ tracking_link }}',
  },
  late: {
    subject: 'Ihre Lieferung von {{ retailer }} verspätet sich',
    text: 'Leider verspätet sich Ihre Lieferung von {{ retailer }}{% if eta != "" %}; neue Ankunft gegen {{ eta }}{% endif %}. {{ tracking_link }}',
  },
  failed_attempt: {
    subject: 'Wir konnten Ihre Bestellung von {{ retailer }} nicht zustellen',
    text: 'Wir konnten Ihre Bestellung von {{ retailer }} nicht zustellen. {% if next_step == "reattempt" %}Neuer Versuch: {{ window }}.{% elsif next_step == "return" %}Sie geht an das Geschäft zurück.{% else %}{{ retailer }} meldet sich bei Ihnen.{% endif %} {{ tracking_link }}',
  },
  delivered: {
    subject: 'Ihre Bestellung von {{ retailer }} wurde zugestellt',
    text: 'Ihre Bestellung von {{ retailer }} wurde zugestellt.{% if photo_link != "" %} Foto: {{ photo_link }}{% endif %} {{ tracking_link }}',
  },
};

/** The wording that ships, per language (SHIPPED_LANGUAGES): what an account has not replaced. */
export const DEFAULT_WORDINGS: Record<string, Wordings> = { en, fr, es, de };
