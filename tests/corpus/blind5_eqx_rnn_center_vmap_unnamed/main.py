import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from model import RNN


def main(batch_size=8, seq_len=6, learning_rate=3e-3, seed=5678):
    model = RNN(in_size=2, out_size=1, hidden_size=16, key=jax.random.PRNGKey(seed))

    @eqx.filter_value_and_grad
    def compute_loss(model, x, y):
        pred_y = jax.vmap(model)(x)
        # Trains with respect to binary cross-entropy
        return -jnp.mean(y * jnp.log(pred_y) + (1 - y) * jnp.log(1 - pred_y))

    @eqx.filter_jit
    def make_step(model, x, y, opt_state):
        loss, grads = compute_loss(model, x, y)
        updates, opt_state = optim.update(grads, opt_state)
        model = eqx.apply_updates(model, updates)
        return loss, model, opt_state

    optim = optax.adam(learning_rate)
    opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
    x = jnp.zeros((batch_size, seq_len, 2))
    y = jnp.zeros((batch_size, 1))
    return make_step.lower(model, x, y, opt_state)


if __name__ == "__main__":
    print(main().as_text()[:100])
