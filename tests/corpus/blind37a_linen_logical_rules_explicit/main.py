import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

from model.mlp import FeedForward

RULES = (("batch", "data"), ("embed", None), ("mlp", "model"))

mesh = jax.make_mesh((2, 2), ("data", "model"))
ffn = FeedForward(d_ff=128)


def init_fn(rng, x):
    return ffn.init(rng, x)


with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    x = jax.device_put(jnp.ones((16, 32)), P("data", None))
    abstract = jax.eval_shape(init_fn, jax.random.key(0), x)
    logical_specs = nn.get_partition_spec(abstract)
    print(nn.logical_to_mesh(logical_specs))
    lowered = jax.jit(init_fn).trace(jax.random.key(0), x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:30])
