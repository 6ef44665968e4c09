/** Props of a product's stock sections and page. */

export interface ProductStockSectionsProps {
  show_costs: boolean;
  product: {
    id: number;
    code: string;
    name: string;
    unit: string;
    cmup?: number | null;
    purchase_price?: number | null;
    active: boolean;
    alert_threshold: number;
  };
  /**
   * quantity null: a location being counted blind by this user. threshold: the alert threshold in
   * force there (own_threshold, else the product's); below_threshold: the stock there is at or under it.
   */
  locations: Array<{
    id: number;
    name: string;
    kind: string;
    quantity: number | null;
    value?: number | null;
    own_threshold: number | null;
    threshold: number;
    below_threshold: boolean;
  }>;
  in_transit: number;
  /** null while a location is counted blind by this user (the total would include it). */
  total_quantity: number | null;
  total_value?: number | null;
  movements: Array<{
    id: number;
    business_date: string;
    created_at: string;
    location_name: string;
    type: string;
    type_label: string;
    quantity: number;
    unit_cost?: number | null;
    document_number: string | null;
    document_url: string | null;
    user_name: string | null;
    reason: string | null;
  }>;
  movements_page: { page: number; last_page: number; total: number; per_page: number };
  cmup_history?: Array<{
    id: number;
    changed_at: string;
    business_date: string;
    old_cmup: number;
    new_cmup: number;
    quantity_before: number | null;
    quantity: number;
    unit_cost: number;
    type_label: string;
    document_number: string | null;
    document_url: string | null;
    user_name: string | null;
  }> | null;
}

export interface ProductStockPageProps extends ProductStockSectionsProps {
  back_url: string;
}
