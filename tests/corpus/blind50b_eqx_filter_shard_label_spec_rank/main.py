import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from classifier import Classifier, loss_fn

optim = optax.adamw(1e-3)


@eqx.filter_jit
def make_step(model, opt_state, x, labels, data_sharding, replicated):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, labels = eqx.filter_shard((x, labels), data_sharding)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, labels)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, opt_state, loss


def main():
    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    data_sharding = NamedSharding(mesh, P("batch", None))
    replicated = NamedSharding(mesh, P())

    model = Classifier(16, 10, key=jr.key(0))
    opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
    x = jnp.zeros((32, 16))
    labels = jnp.zeros((32,), dtype=jnp.int32)

    dyn, static = eqx.partition((model, opt_state), eqx.is_array)

    def step(dyn, x, labels):
        m, s = eqx.combine(dyn, static)
        m, s, loss = make_step(m, s, x, labels, data_sharding, replicated)
        return eqx.filter((m, s), eqx.is_array), loss

    lowered = jax.jit(step).trace(dyn, x, labels).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:40])


if __name__ == "__main__":
    main()
