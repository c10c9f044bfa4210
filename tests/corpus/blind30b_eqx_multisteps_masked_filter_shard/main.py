"""Equinox MLP, data-parallel by sharding (eqx.filter_shard / with_sharding_constraint) on a
jax.sharding.Mesh, trained with optax.MultiSteps over a chain with a masked weight decay."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

MESH = Mesh(jax.devices(), ["batch"])
SHARDING_REPLICATED = NamedSharding(MESH, P())
SHARDING_DISTRIBUTED = NamedSharding(MESH, P("batch"))


def decay_mask(model):
    # decay weight matrices only, not biases
    params = eqx.filter(model, eqx.is_inexact_array)
    return jax.tree_util.tree_map(lambda p: p.ndim > 1, params)


class Model(eqx.Module):
    mlp: eqx.nn.MLP
    norm: eqx.nn.LayerNorm

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(16, 4, 128, 3, key=key)
        self.norm = eqx.nn.LayerNorm(16)

    def __call__(self, x):
        return self.mlp(self.norm(x))


model = Model(jr.key(0))
tx = optax.MultiSteps(
    optax.chain(
        optax.clip_by_global_norm(1.0),
        optax.scale_by_adam(),
        optax.masked(optax.add_decayed_weights(1e-4), decay_mask(model)),
        optax.scale(-3e-4),
    ),
    every_k_schedule=4,
)
opt_state = tx.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_jit
def train_step(model, opt_state, x, y):
    model, opt_state = eqx.filter_shard((model, opt_state), SHARDING_REPLICATED)
    x = jax.lax.with_sharding_constraint(x, SHARDING_DISTRIBUTED)
    y = jax.lax.with_sharding_constraint(y, SHARDING_DISTRIBUTED)

    @eqx.filter_value_and_grad
    def loss_fn(model):
        logits = jax.vmap(model)(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = loss_fn(model)
    updates, opt_state = tx.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
    model = eqx.apply_updates(model, updates)
    model, opt_state = eqx.filter_shard((model, opt_state), SHARDING_REPLICATED)
    return model, opt_state, loss


x = jnp.ones((64, 16))
y = jnp.zeros((64,), jnp.int32)
params, static = eqx.partition((model, opt_state), eqx.is_array)


@jax.jit
def step_arrays(params, x, y):
    m, o, loss = train_step(*eqx.combine(params, static), x, y)
    return eqx.filter((m, o), eqx.is_array), loss


print(step_arrays.trace(params, x, y).lower(lowering_platforms=("cuda",)) is not None)
