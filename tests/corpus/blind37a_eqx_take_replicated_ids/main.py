import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


class Embed(eqx.Module):
    weight: jax.Array

    def __call__(self, ids):
        return jnp.take(self.weight, ids, axis=0)


class Decoder(eqx.Module):
    embed: Embed
    out: eqx.nn.Linear

    def __call__(self, ids):
        h = self.embed(ids)
        return jax.vmap(jax.vmap(self.out))(h)


with jax.set_mesh(mesh):
    k1, k2 = jax.random.split(jax.random.key(0))
    model = Decoder(Embed(jax.random.normal(k1, (1000, 64))), eqx.nn.Linear(64, 1000, key=k2))
    ids = jnp.array([[3, 1, 4, 1]], dtype=jnp.int32)  # one prompt, not sharded

    dyn, static = eqx.partition(model, eqx.is_array)
    greedy = jax.jit(lambda d, i: jnp.argmax(eqx.combine(d, static)(i)[:, -1], axis=-1))
    print(greedy.trace(dyn, ids).lower(lowering_platforms=("cuda",)).as_text()[:20])
