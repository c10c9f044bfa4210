import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Transformer

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "tp"))
model = Transformer(vocab=128, dim=32, hidden=128, depth=3, key=jr.PRNGKey(0))


@eqx.filter_jit
def forward(model, tokens):
    return jax.vmap(model)(tokens)


tokens = jax.device_put(jnp.zeros((4, 16), jnp.int32), NamedSharding(mesh, P("dp", None)))
lowered = forward.lower(model, tokens)
