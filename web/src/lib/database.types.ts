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
          created_at: string
          description: string | null
          id: string
          name: string
          status: string
          subscription: string
          updated_at: string
          user_count: number
        }
        Insert: {
          created_at?: string
          description?: string | null
          id?: string
          name: string
          status?: string
          subscription?: string
          updated_at?: string
          user_count?: number
        }
        Update: {
          created_at?: string
          description?: string | null
          id?: string
          name?: string
          status?: string
          subscription?: string
          updated_at?: string
          user_count?: number
        }
        Relationships: []
      }
      company_users: {
        Row: {
          company_id: string
          created_at: string
          email: string
          id: string
          name: string
          updated_at: string
          user_id: string | null
        }
        Insert: {
          company_id: string
          created_at?: string
          email: string
          id?: string
          name: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          company_id?: string
          created_at?: string
          email?: string
          id?: string
          name?: string
          updated_at?: string
          user_id?: string | null
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
          acknowledged_at: string | null
          client_ip: string | null
          company: string | null
          created_at: string
          email: string
          id: string
          inbox_notified_at: string | null
          mail_status: string
          message: string
          name: string
          phone: string | null
          service: string | null
        }
        Insert: {
          acknowledged_at?: string | null
          client_ip?: string | null
          company?: string | null
          created_at?: string
          email: string
          id?: string
          inbox_notified_at?: string | null
          mail_status?: string
          message: string
          name: string
          phone?: string | null
          service?: string | null
        }
        Update: {
          acknowledged_at?: string | null
          client_ip?: string | null
          company?: string | null
          created_at?: string
          email?: string
          id?: string
          inbox_notified_at?: string | null
          mail_status?: string
          message?: string
          name?: string
          phone?: string | null
          service?: string | null
        }
        Relationships: []
      }
      partner_users: {
        Row: {
          created_at: string
          id: string
          partner_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          partner_id: string
          user_id: string
        }
        Update: {
          created_at?: string
          id?: string
          partner_id?: string
          user_id?: string
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
          address_line1: string | null
          address_line2: string | null
          annual_revenue_range: string | null
          approved_at: string | null
          certifications: string[]
          city: string | null
          company_description: string | null
          company_name: string
          company_size: string | null
          company_type: string
          company_website: string | null
          country: string
          created_at: string
          created_by: string | null
          id: string
          notes: string | null
          partnership_type: string[]
          postal_code: string | null
          primary_contact_email: string
          primary_contact_name: string
          primary_contact_phone: string | null
          products_services: string | null
          rejection_reason: string | null
          selected_vendors: string[]
          specializations: string[] | null
          state_province: string | null
          status: string
          target_markets: string | null
          updated_at: string
        }
        Insert: {
          address_line1?: string | null
          address_line2?: string | null
          annual_revenue_range?: string | null
          approved_at?: string | null
          certifications?: string[]
          city?: string | null
          company_description?: string | null
          company_name: string
          company_size?: string | null
          company_type?: string
          company_website?: string | null
          country?: string
          created_at?: string
          created_by?: string | null
          id?: string
          notes?: string | null
          partnership_type?: string[]
          postal_code?: string | null
          primary_contact_email: string
          primary_contact_name: string
          primary_contact_phone?: string | null
          products_services?: string | null
          rejection_reason?: string | null
          selected_vendors?: string[]
          specializations?: string[] | null
          state_province?: string | null
          status?: string
          target_markets?: string | null
          updated_at?: string
        }
        Update: {
          address_line1?: string | null
          address_line2?: string | null
          annual_revenue_range?: string | null
          approved_at?: string | null
          certifications?: string[]
          city?: string | null
          company_description?: string | null
          company_name?: string
          company_size?: string | null
          company_type?: string
          company_website?: string | null
          country?: string
          created_at?: string
          created_by?: string | null
          id?: string
          notes?: string | null
          partnership_type?: string[]
          postal_code?: string | null
          primary_contact_email?: string
          primary_contact_name?: string
          primary_contact_phone?: string | null
          products_services?: string | null
          rejection_reason?: string | null
          selected_vendors?: string[]
          specializations?: string[] | null
          state_province?: string | null
          status?: string
          target_markets?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          created_at: string
          email: string | null
          full_name: string | null
          id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          email?: string | null
          full_name?: string | null
          id: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string | null
          full_name?: string | null
          id?: string
          updated_at?: string
        }
        Relationships: []
      }
      ticket_comments: {
        Row: {
          comment: string
          created_at: string
          id: string
          is_internal: boolean
          ticket_id: string
          user_id: string | null
        }
        Insert: {
          comment: string
          created_at?: string
          id?: string
          is_internal?: boolean
          ticket_id: string
          user_id?: string | null
        }
        Update: {
          comment?: string
          created_at?: string
          id?: string
          is_internal?: boolean
          ticket_id?: string
          user_id?: string | null
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
          actual_hours: number | null
          assigned_to: string | null
          attachments: NonNullable<Json>
          category: string
          company_id: string
          created_at: string
          created_by: string | null
          customer_email: string | null
          customer_visible: boolean
          description: string | null
          due_date: string | null
          estimated_hours: number | null
          id: string
          internal_notes: string | null
          priority: string
          resolution: string | null
          resolved_at: string | null
          severity: string | null
          sla_breached: boolean
          status: string
          tags: string[]
          title: string
          updated_at: string
        }
        Insert: {
          actual_hours?: number | null
          assigned_to?: string | null
          attachments?: NonNullable<Json>
          category?: string
          company_id: string
          created_at?: string
          created_by?: string | null
          customer_email?: string | null
          customer_visible?: boolean
          description?: string | null
          due_date?: string | null
          estimated_hours?: number | null
          id?: string
          internal_notes?: string | null
          priority?: string
          resolution?: string | null
          resolved_at?: string | null
          severity?: string | null
          sla_breached?: boolean
          status?: string
          tags?: string[]
          title: string
          updated_at?: string
        }
        Update: {
          actual_hours?: number | null
          assigned_to?: string | null
          attachments?: NonNullable<Json>
          category?: string
          company_id?: string
          created_at?: string
          created_by?: string | null
          customer_email?: string | null
          customer_visible?: boolean
          description?: string | null
          due_date?: string | null
          estimated_hours?: number | null
          id?: string
          internal_notes?: string | null
          priority?: string
          resolution?: string | null
          resolved_at?: string | null
          severity?: string | null
          sla_breached?: boolean
          status?: string
          tags?: string[]
          title?: string
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
          created_at: string
          id: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          role?: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Update: {
          created_at?: string
          id?: string
          role?: Database["public"]["Enums"]["app_role"]
          user_id?: string
        }
        Relationships: []
      }
    }
    Views: {
      event_registrations: {
        Row: {
          company_name: string | null
          confirmation_sent_at: string | null
          created_at: string | null
          email: string | null
          event_date: string | null
          event_location: string | null
          event_name: string | null
          first_name: string | null
          id: string | null
          last_name: string | null
          phone: string | null
          status: string | null
        }
        Insert: {
          company_name?: string | null
          confirmation_sent_at?: string | null
          created_at?: string | null
          email?: string | null
          event_date?: string | null
          event_location?: string | null
          event_name?: string | null
          first_name?: string | null
          id?: string | null
          last_name?: string | null
          phone?: string | null
          status?: string | null
        }
        Update: {
          company_name?: string | null
          confirmation_sent_at?: string | null
          created_at?: string | null
          email?: string | null
          event_date?: string | null
          event_location?: string | null
          event_name?: string | null
          first_name?: string | null
          id?: string | null
          last_name?: string | null
          phone?: string | null
          status?: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      get_partner_with_access_control: {
        Args: { partner_id: string }
        Returns: {
          address_line1: string | null
          address_line2: string | null
          annual_revenue_range: string | null
          approved_at: string | null
          certifications: string[]
          city: string | null
          company_description: string | null
          company_name: string
          company_size: string | null
          company_type: string
          company_website: string | null
          country: string
          created_at: string
          created_by: string | null
          id: string
          notes: string | null
          partnership_type: string[]
          postal_code: string | null
          primary_contact_email: string
          primary_contact_name: string
          primary_contact_phone: string | null
          products_services: string | null
          rejection_reason: string | null
          selected_vendors: string[]
          specializations: string[] | null
          state_province: string | null
          status: string
          target_markets: string | null
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "partners"
          isOneToOne: true
          isSetofReturn: false
        }
      }
    }
    Enums: {
      app_role: "read-user" | "power-user" | "super-admin"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      app_role: ["read-user", "power-user", "super-admin"],
    },
  },
} as const

