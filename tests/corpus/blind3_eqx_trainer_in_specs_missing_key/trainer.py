import equinox as eqx
import jax
import jax.random as jr
import optax
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self, model, optim, mesh, data_axis="data"):
        self.params, self.static = eqx.partition(model, eqx.is_array)
        self.optim = optim
        self.opt_state = optim.init(self.params)
        self.data_axis = data_axis
        self._step = jax.jit(
            jax.shard_map(
                self._train_step,
                mesh=mesh,
                in_specs=(P(), P(), P(data_axis), P(data_axis)),
                out_specs=(P(), P(), P()),
            )
        )

    def loss(self, model, x, y, key):
        keys = jr.split(key, x.shape[0])
        logits = jax.vmap(lambda xi, ki: model(xi, key=ki))(x, keys)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def _train_step(self, params, opt_state, x, y, key):
        key = jr.fold_in(key, jax.lax.axis_index(self.data_axis))
        model = eqx.combine(params, self.static)
        loss, grads = eqx.filter_value_and_grad(self.loss)(model, x, y, key)
        loss = jax.lax.pmean(loss, self.data_axis)
        updates, opt_state = self.optim.update(grads, opt_state, params)
        return eqx.apply_updates(params, updates), opt_state, loss

    def lower_step(self, x, y, key, platform):
        return self._step.trace(self.params, self.opt_state, x, y, key).lower(
            lowering_platforms=(platform,)
        )
