"""Manual data parallelism with jax.shard_map over an Equinox model passed as an argument:
the array leaves are split off with eqx.partition, every leaf gets a replicated spec, the batch is
split over 'data' and gradients are averaged with pmean before the SGD update."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from models import BagOfWords

LR = 1e-2


def loss_fn(params, static, tokens, labels):
    model = eqx.combine(params, static)
    logits = jax.vmap(model)(tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def make_train_step(static, mesh):
    params_spec = jax.tree.map(lambda _: P(), eqx.filter(model_template, eqx.is_array))

    @partial(jax.shard_map, mesh=mesh, in_specs=(params_spec, P("data"), P("data")),
             out_specs=(params_spec, P()))
    def step(params, tokens, labels):
        loss, grads = jax.value_and_grad(loss_fn)(params, static, tokens, labels)
        grads = jax.lax.pmean(grads, "data")
        loss = jax.lax.pmean(loss, "data")
        params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
        return params, loss

    return jax.jit(step)


model_template = BagOfWords(1000, 64, 5, key=jax.random.key(0))

if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("data",))
    params, static = eqx.partition(model_template, eqx.is_array)
    train_step = make_train_step(static, mesh)
    batch = NamedSharding(mesh, P("data"))
    tokens = jax.ShapeDtypeStruct((64, 16), jnp.int32, sharding=batch)
    labels = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=batch)
    train_step.trace(params, tokens, labels).lower(lowering_platforms=("tpu",))
