import jax
from jax.sharding import PartitionSpec as P


def create_mesh(dp: int, tp: int):
    mesh = jax.make_mesh((dp, tp), ("data", "model"))
    jax.set_mesh(mesh)
    return mesh


BATCH = P("data", None)
