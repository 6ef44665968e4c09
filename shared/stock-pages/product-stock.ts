/** Props of a product's stock sections and page. */

export interface ProductStockSectionsProps {
  currency: string;
  show_costs: boolean;
  product: { id: number; code: string; name: string; unit: string; cmup?: number | null; purchase_price?: number | null; active: boolean; alert_threshold: number };
  locations: Array<{ id: number; name: string; kind: string; quantity: number; value?: number | null }>;
  in_transit: number;
  total_quantity: number;
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
    quantity_before: number;
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
