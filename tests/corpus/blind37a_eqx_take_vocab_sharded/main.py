import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((1, 4), ("data", "vocab"))


class Embed(eqx.Module):
    weight: jax.Array

    def __call__(self, ids):
        return jnp.take(self.weight, ids, axis=0)


def place(model):
    vocab_sharded = NamedSharding(mesh, P("vocab", None))
    return eqx.tree_at(lambda m: m.weight, model, jax.device_put(model.weight, vocab_sharded))


@functools.partial(jax.jit, static_argnums=2)
def decode_step(model, ids, temperature):
    h = model(ids)
    return jnp.tanh(h / temperature)


with jax.set_mesh(mesh):
    emb = place(Embed(jax.random.normal(jax.random.key(0), (32000, 128))))
    ids = jnp.array([[1, 5, 9, 2]], dtype=jnp.int32)
    print(decode_step.trace(emb, ids, 1.0).lower(lowering_platforms=("cuda",)).as_text()[:20])
