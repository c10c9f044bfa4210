"""A pmap-era training step ported to `filter_jit` + sharding, keeping its gradient all-reduce."""
import jax
import jax.numpy as jnp
import optax
from equinox import apply_updates, filter, filter_value_and_grad, is_array, is_inexact_array, nn
from equinox import combine, partition
from equinox import filter_jit as fjit
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

key = jax.random.key(42)
k1, k2, k3 = jax.random.split(key, 3)
model = nn.Sequential(
    [
        nn.Linear(16, 64, key=k1),
        nn.Lambda(jax.nn.relu),
        nn.Linear(64, 64, key=k2),
        nn.Lambda(jax.nn.relu),
        nn.Linear(64, 4, key=k3),
    ]
)
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.sgd(1e-2, momentum=0.9))
opt_state = tx.init(filter(model, is_inexact_array))


def cross_entropy(model, x, labels):
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@fjit
def update(model, opt_state, x, labels):
    loss, grads = filter_value_and_grad(cross_entropy)(model, x, labels)
    # all-reduce, as the pmap version of this step did
    grads = jax.lax.pmean(grads, axis_name="batch")
    loss = jax.lax.pmean(loss, axis_name="batch")
    updates, opt_state = tx.update(grads, opt_state, filter(model, is_inexact_array))
    return apply_updates(model, updates), opt_state, loss


mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("batch")))
labels = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P("batch")))

params, static = partition(model, is_array)


def step(params, opt_state, x, labels):
    m, s, loss = update(combine(params, static), opt_state, x, labels)
    return filter(m, is_array), s, loss


lowered = jax.jit(step).trace(params, opt_state, x, labels).lower(lowering_platforms=("cuda",))
print("lowered")
