import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from model import ConvNet

optim = optax.adam(1e-3)
BATCH_AXIS = "data"   # matches the mesh axis name used elsewhere in the trainer


def loss_fn(model, state, x, y):
    logits, state = eqx.filter_vmap(
        model, in_axes=(0, None), out_axes=(0, None), axis_name=BATCH_AXIS
    )(x, state)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), state


class Trainer:
    def __init__(self, key):
        self.model, self.state = eqx.nn.make_with_state(ConvNet)(key)
        self.opt_state = optim.init(eqx.filter(self.model, eqx.is_array))

    @staticmethod
    @eqx.filter_jit
    def step(model, state, opt_state, x, y):
        grad_fn = eqx.filter_value_and_grad(loss_fn, has_aux=True)
        (loss, state), grads = grad_fn(model, state, x, y)
        updates, opt_state = optim.update(grads, opt_state)
        return eqx.apply_updates(model, updates), state, opt_state, loss

    def lower(self, x, y):
        params, static = eqx.partition(self.model, eqx.is_array)
        fn = lambda p, s, o, x, y: eqx.filter(
            self.step(eqx.combine(p, static), s, o, x, y), eqx.is_array)
        return jax.jit(fn).trace(params, self.state, self.opt_state, x, y).lower(
            lowering_platforms=("tpu",))


if __name__ == "__main__":
    trainer = Trainer(jax.random.key(0))
    trainer.lower(jax.ShapeDtypeStruct((32, 3, 16, 16), jnp.float32),
                  jax.ShapeDtypeStruct((32,), jnp.int32))
