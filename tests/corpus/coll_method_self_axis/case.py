import jax
import jax.numpy as jnp


class DataParallelTrainer:
    def __init__(self, lr, axis_name="dp"):
        self.lr = lr
        self.axis_name = axis_name

    def _loss(self, w, x):
        return jnp.mean((x @ w) ** 2)

    def update(self, w, x):
        g = jax.grad(self._loss)(w, x)
        g = jax.lax.pmean(g, self.axis_name)
        return w - self.lr * g


TRAINER = DataParallelTrainer(1e-3)


def run(w, x):
    return jax.jit(TRAINER.update)(w, x)


ARGS = (jax.ShapeDtypeStruct((16, 16), jnp.float32), jax.ShapeDtypeStruct((32, 16), jnp.float32))
