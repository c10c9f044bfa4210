"""A module that stores its all-reduce axis as a static field; filter_pmap binds another name."""
import equinox as eqx
import jax
import jax.numpy as jnp


class GradSync(eqx.Module):
    axis_name: str = eqx.field(static=True, default="data")

    def __call__(self, grads):
        return jax.tree.map(lambda g: jax.lax.pmean(g, self.axis_name), grads)


class Trainer(eqx.Module):
    model: eqx.nn.MLP
    sync: GradSync
    lr: float = eqx.field(static=True, default=1e-2)

    def loss(self, model, x, y):
        return jnp.mean((jax.vmap(model)(x) - y) ** 2)

    def step(self, x, y):
        grads = eqx.filter_grad(self.loss)(self.model, x, y)
        grads = self.sync(grads)
        return eqx.apply_updates(self.model, jax.tree.map(lambda g: -self.lr * g, grads))


trainer = Trainer(eqx.nn.MLP(4, 4, 32, 2, key=jax.random.PRNGKey(0)), GradSync())

p_step = eqx.filter_pmap(
    lambda tr, x, y: tr.step(x, y), in_axes=(None, 0, 0), axis_name="dp"
)

x = jnp.ones((jax.local_device_count(), 16, 4))
y = jnp.zeros((jax.local_device_count(), 16, 4))
params, static = eqx.partition(trainer, eqx.is_array)
lowered = (
    jax.jit(lambda p, x, y: eqx.filter(p_step(eqx.combine(p, static), x, y), eqx.is_array))
    .trace(params, x, y)
    .lower(lowering_platforms=("cuda",))
)
print("lowered")
