"""A partner-programme application as the site's registration form sends it (company name and email added per test)."""

APPLICATION = dict(primary_contact_name="Faris Falcon", selected_vendors=["CrowdSec"], company_type="vendor",
                   partnership_type=["Distribution Partner"])
