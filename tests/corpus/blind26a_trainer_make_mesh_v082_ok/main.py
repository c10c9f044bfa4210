import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import NamedSharding, PartitionSpec


class Trainer:
    multi_device = jax.device_count() > 1
    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    sharding_a = NamedSharding(mesh, PartitionSpec("batch"))
    sharding_u = NamedSharding(mesh, PartitionSpec("batch"))
    replicated = NamedSharding(mesh, PartitionSpec())
    opt = optax.adabelief(1e-3)

    @staticmethod
    def compute_loss(model, a, u):
        pred = jax.vmap(model)(a)
        return jnp.mean((pred - u) ** 2)

    @staticmethod
    def make_step(model, opt_state, a, u):
        if Trainer.multi_device:
            model, opt_state = eqx.filter_shard((model, opt_state), Trainer.replicated)
            a, u = eqx.filter_shard((a, u), (Trainer.sharding_a, Trainer.sharding_u))
        loss, grads = eqx.filter_value_and_grad(Trainer.compute_loss)(model, a, u)
        updates, opt_state = Trainer.opt.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        model = eqx.apply_updates(model, updates)
        return model, opt_state, loss


model = eqx.nn.MLP(32, 32, 128, 3, activation=jax.nn.silu, key=jr.PRNGKey(0))
opt_state = Trainer.opt.init(eqx.filter(model, eqx.is_array))
params, static = eqx.partition(model, eqx.is_array)


@jax.jit
def step(params, opt_state, a, u):
    model, opt_state, loss = Trainer.make_step(eqx.combine(params, static), opt_state, a, u)
    return eqx.filter(model, eqx.is_array), opt_state, loss


a = jnp.ones((64, 32))
u = jnp.ones((64, 32))
print(step.trace(params, opt_state, a, u).lower(lowering_platforms=("cuda",)).as_text()[:30])
