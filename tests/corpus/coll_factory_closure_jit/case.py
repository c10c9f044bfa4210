import jax
import jax.numpy as jnp


def make_allreduce_mean(axis):
    def reduce(x):
        return jax.lax.psum(x, axis) / jax.lax.axis_size(axis)
    return reduce


def make_train_step(axis):
    reduce = make_allreduce_mean(axis)

    def step(w, x):
        g = jax.grad(lambda w_: jnp.sum(jnp.tanh(x @ w_)))(w)
        return w - 0.1 * reduce(g)
    return jax.jit(step)


STEP = make_train_step("d")


def run(w, x):
    return STEP(w, x)


ARGS = (jax.ShapeDtypeStruct((8, 8), jnp.float32), jax.ShapeDtypeStruct((16, 8), jnp.float32))
