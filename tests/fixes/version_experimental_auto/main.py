import jax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def sync(grad_sync, mesh):
    return shard_map(grad_sync, mesh, P("data"), out_specs=P(), check_rep=False, auto={"model"})


def grad_mean(g):
    return jax.lax.pmean(g, "data")


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
    jax.jit(sync(grad_mean, mesh)).trace(jax.ShapeDtypeStruct((8, 16), jax.numpy.float32)).lower(lowering_platforms=("cuda",))
