import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import PartitionSpec as P


class Trainer(eqx.Module):
  optim: optax.GradientTransformation = eqx.field(static=True)
  mesh: jax.sharding.Mesh = eqx.field(static=True)
  axis: str = eqx.field(static=True, default="batch")

  def loss(self, model, x, y):
    logits = jax.vmap(model)(x)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, jnp.mean(jnp.argmax(logits, -1) == y)

  def _per_device(self, params, static, opt_state, x, y):
    model = eqx.combine(params, static)
    (loss, acc), grads = eqx.filter_value_and_grad(self.loss, has_aux=True)(model, x, y)
    grads = lax.pmean(grads, self.axis)
    updates, opt_state = self.optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, lax.pmean(loss, self.axis), lax.pmean(acc, self.axis)

  @eqx.filter_jit
  def step(self, model, opt_state, x, y):
    params, static = eqx.partition(model, eqx.is_array)
    fn = jax.shard_map(
        lambda p, o, x, y: self._per_device(p, static, o, x, y),
        mesh=self.mesh,
        in_specs=(P(), P(), P(self.axis), P(self.axis)),
        out_specs=(P(), P(), P()))
    params, opt_state, loss, acc = fn(params, opt_state, x, y)
    return eqx.combine(params, static), opt_state, {"loss": loss, "accuracy": acc}
