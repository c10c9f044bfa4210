from .bidir_all_gather import bidir_all_gather
