"""Export the embedding function for the retrieval service (single GPU, no training code)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from encoder import Encoder

encoder = Encoder(64, 32, key=jr.PRNGKey(0))
params, static = eqx.partition(encoder, eqx.is_array)


@jax.jit
def embed(params, batch):
    model = eqx.combine(params, static)
    return jax.vmap(model)(batch)


exported = jax.export.export(embed, platforms=["cuda"])(
    params, jax.ShapeDtypeStruct((128, 64), jnp.float32)
)
