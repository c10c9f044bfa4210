from .all_reduce import make_all_reduce
