"""Data parallelism by hand: shard_map over the batch, pmean the gradients, optax update outside."""
import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), axis_names=("dp",))
optim = optax.adamw(1e-3, weight_decay=1e-4)


class Classifier(eqx.Module):
    embed: eqx.nn.Embedding
    norm: eqx.nn.LayerNorm
    out: eqx.nn.Linear

    def __init__(self, vocab, dim, classes, key):
        k1, k2 = jax.random.split(key)
        self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
        self.norm = eqx.nn.LayerNorm(dim)
        self.out = eqx.nn.Linear(dim, classes, key=k2)

    def __call__(self, tokens):
        h = jax.vmap(self.embed)(tokens).mean(0)
        return self.out(self.norm(h))


def make_train_step(static):
    def loss(params, tokens, labels):
        model = eqx.combine(params, static)
        logits = jax.vmap(model)(tokens)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    @ft.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("dp"), P("dp")), out_specs=(P(), P()))
    def grads_dp(params, tokens, labels):
        l, g = jax.value_and_grad(loss)(params, tokens, labels)
        return jax.lax.pmean(l, "dp"), jax.lax.pmean(g, "dp")

    @jax.jit
    def train_step(params, opt_state, tokens, labels):
        l, g = grads_dp(params, tokens, labels)
        updates, opt_state = optim.update(g, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, l

    return train_step


if __name__ == "__main__":
    model = Classifier(1000, 64, 5, jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_inexact_array)
    opt_state = optim.init(params)
    step = make_train_step(static)
    tokens = jax.ShapeDtypeStruct((32, 16), jnp.int32)
    labels = jax.ShapeDtypeStruct((32,), jnp.int32)
    step.trace(params, opt_state, tokens, labels).lower(lowering_platforms=("tpu",))
