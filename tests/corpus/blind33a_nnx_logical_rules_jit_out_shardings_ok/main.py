import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import MlpBlock

LOGICAL_AXIS_RULES = (
    ("batch", "data"),
    ("embed", None),
    ("mlp", "model"),
)

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


def init_fn():
    return MlpBlock(128, 512, rngs=nnx.Rngs(0))


with jax.set_mesh(mesh), nnx.logical_axis_rules(LOGICAL_AXIS_RULES):
    abstract = nnx.eval_shape(init_fn)
    graphdef, abs_state = nnx.split(abstract)
    state_shardings = nnx.get_named_sharding(abs_state, mesh)

    @jax.jit
    def forward(state, x):
        block = nnx.merge(graphdef, state)
        return block(x)

    fwd = jax.jit(forward, in_shardings=(state_shardings, NamedSharding(mesh, P("data", None))))
    x = jax.ShapeDtypeStruct((8, 128), jnp.float32)
    lowered = fwd.trace(abs_state, x).lower(lowering_platforms=("cuda",))
print("ok", lowered.as_text().count("mhlo.sharding"))
