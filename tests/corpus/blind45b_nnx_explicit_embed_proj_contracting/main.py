import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from model import TinyLM

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
    model = TinyLM(vocab=512, d_model=64, d_ff=256, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(model)

    @jax.jit
    def forward(state, tokens):
        return nnx.merge(graphdef, state)(tokens)

    tokens = jax.device_put(jnp.zeros((8, 16), jnp.int32), P("data", None))
    print(forward.trace(state, tokens).lower(lowering_platforms=("cuda",)).as_text()[:40])
