import jax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def sync(grad_sync, mesh):
    return jax.shard_map(grad_sync, mesh=mesh, in_specs=P("data"), out_specs=P(), check_vma=False, axis_names=frozenset(mesh.axis_names) - {"model"})


def grad_mean(g):
    return jax.lax.pmean(g, "data")


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
    jax.jit(sync(grad_mean, mesh)).trace(jax.ShapeDtypeStruct((8, 16), jax.numpy.float32)).lower(lowering_platforms=("cuda",))
