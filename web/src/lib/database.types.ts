export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      companies: {
        Row: {
          id: string
          name: string
          description: string | null
          status: string
          subscription: string
          user_count: number
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          name: string
          description?: string | null
          status?: string
          subscription?: string
          user_count?: number
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          name?: string
          description?: string | null
          status?: string
          subscription?: string
          user_count?: number
          created_at?: string
          updated_at?: string
        }
        Relationships: []
      }
      company_users: {
        Row: {
          id: string
          user_id: string | null
          company_id: string
          name: string
          email: string
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string | null
          company_id: string
          name: string
          email: string
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string | null
          company_id?: string
          name?: string
          email?: string
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "company_users_company_id_fkey"
            columns: ["company_id"]
            isOneToOne: false
            referencedRelation: "companies"
            referencedColumns: ["id"]
          },
        ]
      }
      contact_messages: {
        Row: {
          id: string
          name: string
          email: string
          company: string | null
          phone: string | null
          service: string | null
          message: string
          client_ip: string | null
          mail_status: string
          created_at: string
          inbox_notified_at: string | null
          acknowledged_at: string | null
        }
        Insert: {
          id?: string
          name: string
          email: string
          company?: string | null
          phone?: string | null
          service?: string | null
          message: string
          client_ip?: string | null
          mail_status?: string
          created_at?: string
          inbox_notified_at?: string | null
          acknowledged_at?: string | null
        }
        Update: {
          id?: string
          name?: string
          email?: string
          company?: string | null
          phone?: string | null
          service?: string | null
          message?: string
          client_ip?: string | null
          mail_status?: string
          created_at?: string
          inbox_notified_at?: string | null
          acknowledged_at?: string | null
        }
        Relationships: []
      }
      partner_users: {
        Row: {
          id: string
          user_id: string
          partner_id: string
          created_at: string
        }
        Insert: {
          id?: string
          user_id: string
          partner_id: string
          created_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          partner_id?: string
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "partner_users_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
        ]
      }
      partners: {
        Row: {
          id: string
          company_name: string
          company_type: string
          company_size: string | null
          company_website: string | null
          company_description: string | null
          primary_contact_name: string
          primary_contact_email: string
          primary_contact_phone: string | null
          address_line1: string | null
          address_line2: string | null
          city: string | null
          state_province: string | null
          postal_code: string | null
          country: string
          partnership_type: string[]
          selected_vendors: string[]
          products_services: string | null
          target_markets: string | null
          annual_revenue_range: string | null
          certifications: string[]
          specializations: string[] | null
          status: string
          approved_at: string | null
          rejection_reason: string | null
          notes: string | null
          created_by: string | null
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          company_name: string
          company_type?: string
          company_size?: string | null
          company_website?: string | null
          company_description?: string | null
          primary_contact_name: string
          primary_contact_email: string
          primary_contact_phone?: string | null
          address_line1?: string | null
          address_line2?: string | null
          city?: string | null
          state_province?: string | null
          postal_code?: string | null
          country?: string
          partnership_type?: string[]
          selected_vendors?: string[]
          products_services?: string | null
          target_markets?: string | null
          annual_revenue_range?: string | null
          certifications?: string[]
          specializations?: string[] | null
          status?: string
          approved_at?: string | null
          rejection_reason?: string | null
          notes?: string | null
          created_by?: string | null
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          company_name?: string
          company_type?: string
          company_size?: string | null
          company_website?: string | null
          company_description?: string | null
          primary_contact_name?: string
          primary_contact_email?: string
          primary_contact_phone?: string | null
          address_line1?: string | null
          address_line2?: string | null
          city?: string | null
          state_province?: string | null
          postal_code?: string | null
          country?: string
          partnership_type?: string[]
          selected_vendors?: string[]
          products_services?: string | null
          target_markets?: string | null
          annual_revenue_range?: string | null
          certifications?: string[]
          specializations?: string[] | null
          status?: string
          approved_at?: string | null
          rejection_reason?: string | null
          notes?: string | null
          created_by?: string | null
          created_at?: string
          updated_at?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          id: string
          email: string | null
          full_name: string | null
          created_at: string
          updated_at: string
        }
        Insert: {
          id: string
          email?: string | null
          full_name?: string | null
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          email?: string | null
          full_name?: string | null
          created_at?: string
          updated_at?: string
        }
        Relationships: []
      }
      ticket_comments: {
        Row: {
          id: string
          ticket_id: string
          user_id: string | null
          comment: string
          is_internal: boolean
          created_at: string
        }
        Insert: {
          id?: string
          ticket_id: string
          user_id?: string | null
          comment: string
          is_internal?: boolean
          created_at?: string
        }
        Update: {
          id?: string
          ticket_id?: string
          user_id?: string | null
          comment?: string
          is_internal?: boolean
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "ticket_comments_ticket_id_fkey"
            columns: ["ticket_id"]
            isOneToOne: false
            referencedRelation: "tickets"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "ticket_comments_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "company_users"
            referencedColumns: ["id"]
          },
        ]
      }
      tickets: {
        Row: {
          id: string
          title: string
          description: string | null
          status: string
          priority: string
          severity: string | null
          category: string
          company_id: string
          assigned_to: string | null
          created_by: string | null
          tags: string[]
          attachments: Json
          resolution: string | null
          resolved_at: string | null
          due_date: string | null
          estimated_hours: number | null
          actual_hours: number | null
          internal_notes: string | null
          sla_breached: boolean
          customer_visible: boolean
          customer_email: string | null
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          title: string
          description?: string | null
          status?: string
          priority?: string
          severity?: string | null
          category?: string
          company_id: string
          assigned_to?: string | null
          created_by?: string | null
          tags?: string[]
          attachments?: Json
          resolution?: string | null
          resolved_at?: string | null
          due_date?: string | null
          estimated_hours?: number | null
          actual_hours?: number | null
          internal_notes?: string | null
          sla_breached?: boolean
          customer_visible?: boolean
          customer_email?: string | null
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          title?: string
          description?: string | null
          status?: string
          priority?: string
          severity?: string | null
          category?: string
          company_id?: string
          assigned_to?: string | null
          created_by?: string | null
          tags?: string[]
          attachments?: Json
          resolution?: string | null
          resolved_at?: string | null
          due_date?: string | null
          estimated_hours?: number | null
          actual_hours?: number | null
          internal_notes?: string | null
          sla_breached?: boolean
          customer_visible?: boolean
          customer_email?: string | null
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "tickets_assigned_to_fkey"
            columns: ["assigned_to"]
            isOneToOne: false
            referencedRelation: "company_users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tickets_company_id_fkey"
            columns: ["company_id"]
            isOneToOne: false
            referencedRelation: "companies"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tickets_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "company_users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_roles: {
        Row: {
          id: string
          user_id: string
          role: Database["public"]["Enums"]["app_role"]
          created_at: string
        }
        Insert: {
          id?: string
          user_id: string
          role?: Database["public"]["Enums"]["app_role"]
          created_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          role?: Database["public"]["Enums"]["app_role"]
          created_at?: string
        }
        Relationships: []
      }
    }
    Views: {
      event_registrations: {
        Row: {
          id: string | null
          event_name: string | null
          event_date: string | null
          event_location: string | null
          first_name: string | null
          last_name: string | null
          email: string | null
          phone: string | null
          company_name: string | null
          status: string | null
          confirmation_sent_at: string | null
          created_at: string | null
        }
        Insert: {
          id?: string | null
          event_name?: string | null
          event_date?: string | null
          event_location?: string | null
          first_name?: string | null
          last_name?: string | null
          email?: string | null
          phone?: string | null
          company_name?: string | null
          status?: string | null
          confirmation_sent_at?: string | null
          created_at?: string | null
        }
        Update: {
          id?: string | null
          event_name?: string | null
          event_date?: string | null
          event_location?: string | null
          first_name?: string | null
          last_name?: string | null
          email?: string | null
          phone?: string | null
          company_name?: string | null
          status?: string | null
          confirmation_sent_at?: string | null
          created_at?: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      get_partner_with_access_control: { Args: { partner_id: string }; Returns: Database["public"]["Tables"]["partners"]["Row"] }
    }
    Enums: {
      app_role: "read-user" | "power-user" | "super-admin"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DefaultSchema = Database[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof Database },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
    ? keyof (Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        Database[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
  ? (Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      Database[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends { Row: infer R }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends { Row: infer R }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof Database },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
    ? keyof Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
  ? Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends { Insert: infer I }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof Database },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
    ? keyof Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
  ? Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends { Update: infer U }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"] | { schema: keyof Database },
  EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof Database }
    ? keyof Database[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof Database }
  ? Database[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never
