import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import PartitionSpec as P


class Trainer:
    """Holds the static half of the model and the optimiser; builds a data-parallel step."""

    def __init__(self, model, optim: optax.GradientTransformation, mesh, batch_axis="data"):
        self.params, self.static = eqx.partition(model, eqx.is_inexact_array)
        self.optim = optim
        self.opt_state = optim.init(self.params)
        self.mesh = mesh
        self.batch_axis = batch_axis

    def loss(self, params, x, y):
        model = eqx.combine(params, self.static)
        logits = jax.vmap(model)(x)
        labels = jax.nn.one_hot(y, logits.shape[-1])
        return optax.softmax_cross_entropy(logits, labels).mean()

    def _local_step(self, params, opt_state, x, y):
        loss, grads = jax.value_and_grad(self.loss)(params, x, y)
        grads = lax.pmean(grads, self.batch_axis)
        updates, opt_state = self.optim.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss

    def make_step(self):
        ax = self.batch_axis
        step = jax.shard_map(
            self._local_step,
            mesh=self.mesh,
            in_specs=(P(), P(), P(ax), P(ax)),
            out_specs=(P(), P(), P()),
        )
        return jax.jit(step)
