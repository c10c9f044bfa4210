from .dp import DATA_AXIS, allreduce_mean, make_data_mesh

__all__ = ["DATA_AXIS", "allreduce_mean", "make_data_mesh"]
