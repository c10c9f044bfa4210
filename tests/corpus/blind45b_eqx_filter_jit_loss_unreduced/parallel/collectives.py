import jax
import jax.lax as L


def grad_sync(grads, axis="dp"):
    return jax.tree.map(lambda g: L.pmean(g, axis), grads)
