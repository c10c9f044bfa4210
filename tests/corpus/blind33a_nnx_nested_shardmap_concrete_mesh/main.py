import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("pp", "tp"), axis_types=(AxisType.Explicit,) * 2)


class TPLinear(nnx.Module):
    def __init__(self, d, rngs):
        self.lin = nnx.Linear(d, d, use_bias=False, rngs=rngs)

    def __call__(self, x):
        return jax.lax.psum(self.lin(x), "tp")


layer = TPLinear(16, nnx.Rngs(0))
graphdef, state = nnx.split(layer)

inner = nnx.shard_map(
    lambda m, x: m(x), mesh=mesh,
    in_specs=(nnx.StateSharding({...: P("tp", None)}), P(None, "tp")), out_specs=P(),
)


def stage_fn(state, x):
    return inner(nnx.merge(graphdef, state), x)


stage_fn = jax.shard_map(stage_fn, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P("pp"),
                         axis_names={"pp"})

with jax.set_mesh(mesh):
    x = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=jax.NamedSharding(mesh, P("pp")))
    st = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=jax.NamedSharding(mesh, P())), state)
    print(jax.jit(stage_fn).trace(st, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
