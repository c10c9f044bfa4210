import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from collective_matmul import all_gather_matmul

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))


class CollectiveDense(eqx.Module):
    w: jax.Array
    axis: str = eqx.field(static=True)
    size: int = eqx.field(static=True)

    def __call__(self, x):
        f = eqx.filter_checkpoint(lambda x, w: all_gather_matmul(x, w, self.axis, self.size))
        return f(x, self.w)


dense = CollectiveDense(jnp.zeros((128, 128)), "model", 2)
arrays, static = eqx.partition(dense, eqx.is_array)

with jax.set_mesh(mesh):

    @jax.jit
    @jax.shard_map(in_specs=(P("model", None), P(None, "model")), out_specs=P(None, "model"),
                   axis_names={"model"}, check_vma=False)
    def apply(arrays, x):
        return eqx.combine(arrays, static)(x)

    x = jax.ShapeDtypeStruct((16, 256), jnp.float32, sharding=P("data", "model"))
    w = jax.ShapeDtypeStruct((256, 128), jnp.float32, sharding=P("model", None))
    arrays = eqx.tree_at(lambda d: d.w, arrays, w)
    print(apply.trace(arrays, x).lower(lowering_platforms=("tpu",)).as_text()[:100])
