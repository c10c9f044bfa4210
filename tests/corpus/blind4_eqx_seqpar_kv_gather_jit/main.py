import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from attention import Encoder

SEQ = "sp"
mesh = Mesh(jax.devices(), (SEQ,))
encoder = Encoder(dim=16, heads=2, depth=2, seq_axis=SEQ, key=jax.random.PRNGKey(1))


def make_forward(encoder):
    # The sequence is sharded on the way in; let XLA partition the rest.
    @eqx.filter_jit
    def forward(x):
        return jax.vmap(encoder)(x)

    return forward


forward = make_forward(encoder)
x = jax.device_put(jnp.ones((2, 32, 16)), NamedSharding(mesh, P(None, SEQ)))
forward.lower(x)
