import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Net(eqx.Module):
    lin1: eqx.nn.Linear
    bn: eqx.nn.BatchNorm
    lin2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.lin1 = eqx.nn.Linear(20, 64, key=k1)
        self.bn = eqx.nn.BatchNorm(64, axis_name="batch")
        self.lin2 = eqx.nn.Linear(64, 1, key=k2)

    def __call__(self, x, state):
        x = self.lin1(x)
        x, state = self.bn(x, state)
        x = jax.nn.relu(x)
        return self.lin2(x)[0], state


optim = optax.adam(1e-3)


def compute_loss(model, state, x, y):
    batch_model = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None),
                                  axis_name="batch")
    pred, state = batch_model(x, state)
    return jnp.mean(optax.sigmoid_binary_cross_entropy(pred, y)), state


@eqx.filter_jit
def make_step(model, state, opt_state, x, y):
    grad_loss = eqx.filter_value_and_grad(compute_loss, has_aux=True)
    (loss, state), grads = grad_loss(model, state, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, state, opt_state, loss


def main():
    model, state = eqx.nn.make_with_state(Net)(jax.random.key(0))
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    x = jnp.zeros((128, 20))
    y = jnp.zeros((128,))

    dynamic, static = eqx.partition((model, state, opt_state), eqx.is_array)

    def step_arrays(dynamic, x, y):
        out = make_step(*eqx.combine(dynamic, static), x, y)
        return eqx.filter(out, eqx.is_array)

    jax.jit(step_arrays).trace(dynamic, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
