"""Modern JAX style: mesh from jax.make_mesh (Explicit axes), entered with jax.set_mesh;
shard_map picks the mesh up from the context."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P


class Attention(eqx.Module):
    mha: eqx.nn.MultiheadAttention
    norm: eqx.nn.LayerNorm

    def __init__(self, key):
        self.mha = eqx.nn.MultiheadAttention(num_heads=4, query_size=64, key=key)
        self.norm = eqx.nn.LayerNorm(64)

    def __call__(self, x):
        x = jax.vmap(self.norm)(x)
        return self.mha(x, x, x)


model = Attention(jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def local_loss(params, x):
    out = jax.vmap(eqx.combine(params, static))(x)
    return jax.lax.pmean(jnp.mean(out**2), "data")


mesh = jax.make_mesh((4,), ("data",))
with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 16, 64)), NamedSharding(mesh, P("data")))
    params = jax.device_put(params, NamedSharding(mesh, P()))
    loss = jax.jit(jax.shard_map(local_loss, in_specs=(P(), P("data")), out_specs=P()))
    print(loss.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
