import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import TPBlock

mesh = Mesh(np.array(jax.devices()), ("model",))
n = mesh.shape["model"]
D, H = 32, 128
model = TPBlock(hidden_per_shard=H // n, out=D)

# per-shard parameter shapes: initialise one shard's worth, the specs below stack them
x = jnp.ones((8, D))
variables = jax.jit(model.init).trace(jax.random.key(0), x).lower(
    lowering_platforms=("cuda",))
print(variables.as_text()[:40])

specs = {"params": {"up": {"kernel": P(None, "model")},
                    "ln": {"scale": P("model"), "bias": P("model")},
                    "down": {"kernel": P("model", None)}}}
fwd = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(specs, P()), out_specs=P()))
full = {"params": {"up": {"kernel": jnp.ones((D, H))},
                   "ln": {"scale": jnp.ones((H,)), "bias": jnp.zeros((H,))},
                   "down": {"kernel": jnp.ones((H, D))}}}
print(fwd.trace(full, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
