import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, PartitionSpec as P

from model import RULES, Encoder

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
model = Encoder(num_layers=4, d_ff=256)


def init(rng, x):
    with nn.logical_axis_rules(RULES):
        return model.init(rng, x)


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 32, 64)), P("data", None, None))
    lowered = jax.jit(init).trace(jax.random.key(0), x).lower(lowering_platforms=("cuda",))
print("init lowered")
