import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tp import layers

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

params = layers.init_block(jax.random.key(0), d_model=64, d_ff=256)
xs = jax.device_put(jnp.ones((16, 64)), P("data", None))

apply = jax.jit(jax.vmap(layers.block, in_axes=(None, 0)))
print(apply.trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
