import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from heads import VocabParallelHead

DIM, VOCAB = 32, 256


class LM(eqx.Module):
    embed: eqx.nn.Embedding
    mlp: eqx.nn.MLP
    head: eqx.Module

    def __init__(self, key):
        k1, k2, k3 = jr.split(key, 3)
        self.embed = eqx.nn.Embedding(VOCAB, DIM, key=k1)
        self.mlp = eqx.nn.MLP(DIM, DIM, 4 * DIM, depth=1, key=k2)
        self.head = eqx.nn.Linear(DIM, VOCAB, use_bias=False, key=k3)

    def __call__(self, token):
        h = self.embed(token)
        return self.head(h + self.mlp(h))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "tp"))
model = LM(jr.PRNGKey(0))
# Model surgery: the dense head becomes a vocab-parallel one.
model = eqx.tree_at(
    lambda m: m.head, model, VocabParallelHead(DIM, VOCAB, axis_name="tp", key=jr.PRNGKey(1))
)

params, static = eqx.partition(model, eqx.is_array)
specs = eqx.tree_at(lambda m: m.head.weight, jax.tree.map(lambda _: P(), params), P("tp", None))


def logits_fn(params, tokens):
    return jax.vmap(eqx.combine(params, static))(tokens)


fn = jax.jit(jax.shard_map(logits_fn, mesh=mesh, in_specs=(specs, P("dp")), out_specs=P("dp")))
fn.trace(params, jnp.zeros((8,), jnp.int32)).lower(lowering_platforms=("cuda",))
