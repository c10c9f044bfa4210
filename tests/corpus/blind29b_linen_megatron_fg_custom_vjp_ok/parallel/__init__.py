from .mappings import copy_to_tp_region, reduce_from_tp_region
