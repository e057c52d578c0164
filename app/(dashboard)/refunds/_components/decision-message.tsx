"use client";
// Keeps the last approve/reject result on screen: the decided refund leaves the "waiting" list when the page
// refreshes, so its own message would vanish with it.
import { createContext, useContext, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";

type Message = { tone: "success" | "error" | "warning"; text: string } | null;
const Ctx = createContext<(m: Message) => void>(() => {});

export function DecisionMessageProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message>(null);
  return (
    <Ctx.Provider value={setMessage}>
      {message && (
        <Alert tone={message.tone} className="mb-4">
          {message.text}
        </Alert>
      )}
      {children}
    </Ctx.Provider>
  );
}

export const useDecisionMessage = () => useContext(Ctx);
