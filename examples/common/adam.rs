//! Adam, the gradient step the fitting examples (`tune`, `order_fit`) share.

/// Adam's running moments for a vector of weights.
pub struct Adam {
    rate: f64,
    m: Vec<f64>,
    v: Vec<f64>,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPS: f64 = 1e-8;

    /// For `n` weights, with step size `rate`.
    pub fn new(n: usize, rate: f64) -> Adam {
        Adam {
            rate,
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    /// Moves weight `i` (`w`) against its gradient `grad` in epoch `epoch` (counted from 1).
    pub fn step(&mut self, i: usize, w: &mut f64, grad: f64, epoch: usize) {
        let (m, v) = (&mut self.m[i], &mut self.v[i]);
        *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * grad;
        *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * grad * grad;
        let m_hat = *m / (1.0 - Self::BETA1.powi(epoch as i32));
        let v_hat = *v / (1.0 - Self::BETA2.powi(epoch as i32));
        *w -= self.rate * m_hat / (v_hat.sqrt() + Self::EPS);
    }
}
