import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from model import SeqParallelAttention
from parallel import sharded_forward, sharded_init

mesh = Mesh(np.array(jax.devices()), ('seq',))
model = SeqParallelAttention(num_heads=4, head_dim=16)

x = jnp.ones((2, 128, 64))
params = jax.eval_shape(sharded_init(model, mesh), jax.random.PRNGKey(0), x)

forward = sharded_forward(model, mesh)
print(forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
