from . import halo_pallas, halo_xla  # noqa: F401
