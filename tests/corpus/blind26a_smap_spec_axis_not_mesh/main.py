import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

# mesh from the launcher config: ("replica",); the model code below was written for ("batch",)
MESH_AXES = ("replica",)
mesh = Mesh(np.array(jax.devices()), MESH_AXES)


class Classifier(eqx.Module):
    embed: eqx.nn.Embedding
    mlp: eqx.nn.MLP

    def __init__(self, vocab, dim, classes, key):
        k1, k2 = jr.split(key)
        self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
        self.mlp = eqx.nn.MLP(dim, classes, 4 * dim, 1, key=k2)

    def __call__(self, tokens):
        h = jax.vmap(self.embed)(tokens).mean(0)
        return self.mlp(h)


model = Classifier(100, 16, 5, jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def eval_step(params, tokens, labels):
    model = eqx.combine(params, static)
    logits = jax.vmap(model)(tokens)
    correct = jnp.sum(jnp.argmax(logits, -1) == labels)
    return jax.lax.psum(correct, "batch")


eval_step = jax.shard_map(eval_step, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P())

tokens = jnp.zeros((16, 12), jnp.int32)
labels = jnp.zeros((16,), jnp.int32)
print(jax.jit(eval_step).trace(params, tokens, labels).lower(lowering_platforms=("cuda",)).as_text()[:30])
