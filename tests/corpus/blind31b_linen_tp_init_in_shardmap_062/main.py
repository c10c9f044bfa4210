# Exported from notebook: linen_tp_block.ipynb (cluster image: jax 0.6)
# %%
import jax
import jax.numpy as jnp
import flax.linen as nn
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

try:
    from jax.experimental.shard_map import shard_map
except ImportError:
    from jax import shard_map

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

# %%
class RowParallelDense(nn.Module):
    features: int
    axis: str = "model"

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features, use_bias=False)(x)
        return jax.lax.psum(y, self.axis)

class Block(nn.Module):
    hidden: int = 32
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.hidden // 2)(x))   # local half of the hidden units
        return x + RowParallelDense(x.shape[-1])(h)

# %%
block = Block()
x = jnp.ones((8, 16))
# init needs the 'model' axis bound too (the psum runs in init), so init under shard_map
init_fn = shard_map(lambda x: Block().init(jax.random.key(0), x), mesh,
                    in_specs=P("data"), out_specs=P(), check_rep=False)
variables = jax.eval_shape(init_fn, x)

def apply_block(variables, x):
    return block.apply(variables, x)

# %%
apply_block = shard_map(apply_block, mesh, in_specs=(P(), P("data")), out_specs=P("data"),
                        check_rep=False)
variables = jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), variables)
print(jax.jit(apply_block).trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
