from .comm import shift_to_next_stage, forward_perm
